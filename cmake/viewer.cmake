# transit_view: the replay page (docs/viewer.md). viewer/build.mjs bundles
# three.js and the page's script with esbuild at build time into a C++
# source; without Node.js or the viewer's npm packages (scripts/install-deps
# installs both) the build goes on with an empty page, and `transit view`
# says how to get it.
set(TRANSIT_VIEWER_DIR ${PROJECT_SOURCE_DIR}/viewer)
set(TRANSIT_VIEWER_PAGE ${PROJECT_BINARY_DIR}/viewer/viewer_page.cpp)
find_program(TRANSIT_NODE node)
if(TRANSIT_NODE AND EXISTS "${TRANSIT_NODE}" AND EXISTS ${TRANSIT_VIEWER_DIR}/node_modules/three/package.json
   AND EXISTS ${TRANSIT_VIEWER_DIR}/node_modules/esbuild/package.json)
  file(GLOB TRANSIT_VIEWER_INPUTS CONFIGURE_DEPENDS ${TRANSIT_VIEWER_DIR}/src/*)
  add_custom_command(OUTPUT ${TRANSIT_VIEWER_PAGE}
    COMMAND ${TRANSIT_NODE} ${TRANSIT_VIEWER_DIR}/build.mjs ${TRANSIT_VIEWER_PAGE}
            ${PROJECT_BINARY_DIR}/viewer/page-template.html
    DEPENDS ${TRANSIT_VIEWER_INPUTS} ${TRANSIT_VIEWER_DIR}/build.mjs
            ${TRANSIT_VIEWER_DIR}/package-lock.json
    COMMENT "Bundling the replay page (three.js, viewer/src)")
  set(TRANSIT_VIEWER_BUILT ON)
else()
  message(STATUS "transit view: Node.js or viewer/node_modules missing, the replay page is left out "
                 "(run bash scripts/install-deps and configure again)")
  file(WRITE ${TRANSIT_VIEWER_PAGE}.in
    "// No replay page in this build: Node.js or viewer/node_modules was missing.\n"
    "#include <cstddef>\nnamespace transit::view {\n"
    "extern const char* const kViewerPageParts[];\nextern const std::size_t kViewerPagePartCount;\n"
    "const char* const kViewerPageParts[] = {\"\"};\nconst std::size_t kViewerPagePartCount = 0;\n}\n")
  configure_file(${TRANSIT_VIEWER_PAGE}.in ${TRANSIT_VIEWER_PAGE} COPYONLY)
  set(TRANSIT_VIEWER_BUILT OFF)
endif()

file(GLOB TRANSIT_VIEW_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/view/*.cpp)
add_library(transit_view STATIC ${TRANSIT_VIEW_SOURCES} ${TRANSIT_VIEWER_PAGE})
target_include_directories(transit_view PUBLIC ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(transit_view PUBLIC transit_io
  PRIVATE nlohmann_json::nlohmann_json transit_build_flags)
transit_unity_build(transit_view LIBRARY)

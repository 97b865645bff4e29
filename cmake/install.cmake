# `cmake --install`: the libraries, the headers, CMake package files
# (find_package(transit 0.2) giving transit::transit and transit::io) and a
# pkg-config file.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TRANSIT_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/transit)

install(TARGETS transit_core transit_io transit_float_flags
  EXPORT transitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${TRANSIT_INCLUDE_INSTALL_DIR})
if(TRANSIT_BUILD_C_API)
  install(TARGETS transit_c EXPORT transitTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${TRANSIT_INCLUDE_INSTALL_DIR})
endif()
install(EXPORT transitTargets NAMESPACE transit:: DESTINATION ${TRANSIT_CMAKE_INSTALL_DIR})

# The public headers: include/transit and the generated version.hpp.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/transit ${PROJECT_BINARY_DIR}/include/transit
  DESTINATION ${TRANSIT_INCLUDE_INSTALL_DIR} FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/transitConfig.cmake.in
  ${PROJECT_BINARY_DIR}/transitConfig.cmake INSTALL_DESTINATION ${TRANSIT_CMAKE_INSTALL_DIR})
# 0.x: a new minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/transitConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/transitConfig.cmake
  ${PROJECT_BINARY_DIR}/transitConfigVersion.cmake DESTINATION ${TRANSIT_CMAKE_INSTALL_DIR})

# The .pc file finds the prefix from where it lies, so it is right for any
# --prefix given at install time.
file(RELATIVE_PATH TRANSIT_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
configure_file(${PROJECT_SOURCE_DIR}/cmake/transit.pc.in ${PROJECT_BINARY_DIR}/transit.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/transit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

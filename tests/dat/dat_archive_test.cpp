// The retail data container: a fixture whose bytes were worked out by hand
// from the documented layout, the test writer's files read back, and every
// kind of damage refused with its message.
#include "transit/dat/dat_archive.hpp"

#include <cstring>
#include <map>
#include <random>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dat/dat_writer.hpp"
#include "format/format_test_util.hpp"
#include "transit/dat/cell_landblock.hpp"
#include "transit/dat/landblock_info.hpp"

namespace transit::dat {
namespace {

using ::testing::HasSubstr;
using transit::testing::input_error_of;

void poke32(std::string& bytes, std::size_t at, std::uint32_t v) { std::memcpy(&bytes[at], &v, 4); }
void poke16(std::string& bytes, std::size_t at, std::uint16_t v) { std::memcpy(&bytes[at], &v, 2); }
void pokef(std::string& bytes, std::size_t at, float v) { std::memcpy(&bytes[at], &v, 4); }

// Block size 0x100 (252 data bytes after each 4-byte link), 16 blocks.
//   0x140  header: magic 0x5442, block size 0x100, file size 0x1000, data
//          set 2 (cell); the root's offset is the 9th word, 0x160.
//   0x200-0x800  the root directory node, 1716 bytes in 7 blocks linked
//          0x200 -> 0x300 -> ... -> 0x800 -> 0. Node byte k lies at
//          0x200 + (k / 252) * 0x100 + 4 + k % 252: the entry count (node
//          byte 248) at 0x2FC, entry 0 (node byte 252) at 0x304, entry 1
//          (node byte 276) at 0x31C; each entry is flags, id, offset, size,
//          time, iteration.
//   0x900  file 0x0A0BFFFF (CellLandblock), 252 bytes: exactly one block.
//   0xC00 -> 0xA00  file 0x0A0BFFFE (LandblockInfo), 272 bytes: 252 in the
//          block at 0xC00, whose link points back to 0xA00, and 20 there.
std::string hand_made_cell_file() {
  std::string f(0x1000, '\0');
  poke32(f, 0x140, 0x5442);
  poke32(f, 0x144, 0x100);
  poke32(f, 0x148, 0x1000);
  poke32(f, 0x14C, 2);
  poke32(f, 0x160, 0x200);
  for (std::uint32_t block = 0x200; block < 0x800; block += 0x100) poke32(f, block, block + 0x100);
  poke32(f, 0x2FC, 2);
  poke32(f, 0x308, 0x0A0BFFFE);  // entry 0: the lower id first
  poke32(f, 0x30C, 0xC00);
  poke32(f, 0x310, 272);
  poke32(f, 0x320, 0x0A0BFFFF);  // entry 1
  poke32(f, 0x324, 0x900);
  poke32(f, 0x328, 252);

  // CellLandblock: id, has-objects 1, 81 terrain words from 0x90C, 81
  // height bytes from 0x9AE (0x90C + 162), one byte of padding.
  poke32(f, 0x904, 0x0A0BFFFF);
  poke32(f, 0x908, 1);
  poke16(f, 0x90C, 0x0044);        // vertex 0: type 17, no road
  poke16(f, 0x90C + 2 * 80, 0x0007);  // vertex 80: type 1, road bits 3
  f[0x9AE] = 12;
  f[0x9AE + 80] = static_cast<char>(200);

  // LandblockInfo: id, 3 cells, 8 objects of 32 bytes (id, origin, w x y z)
  // from data byte 12, then building count and pack mask at data byte 268.
  // Data byte k of the file: 0xC04 + k for k < 252, 0xA04 + (k - 252) after.
  poke32(f, 0xC00, 0xA00);
  poke32(f, 0xC04, 0x0A0BFFFE);
  poke32(f, 0xC08, 3);
  poke32(f, 0xC0C, 8);
  for (std::uint32_t k = 0; k < 7; ++k) {
    const std::size_t at = 0xC04 + 12 + 32 * k;
    poke32(f, at, 0x01000000 + k);
    pokef(f, at + 4, static_cast<float>(k));
    pokef(f, at + 16, 1.0f);  // w
  }
  // Object 7 starts at data byte 236 and crosses into the second block at
  // data byte 252, its quaternion's w.
  poke32(f, 0xCF0, 0x02000123);
  pokef(f, 0xCF4, 10.5f);
  pokef(f, 0xCF8, 20.25f);
  pokef(f, 0xCFC, 5.0f);
  pokef(f, 0xA04, 0.5f);
  pokef(f, 0xA08, 0.5f);
  pokef(f, 0xA0C, 0.5f);
  pokef(f, 0xA10, 0.5f);
  poke16(f, 0xA14, 0);  // no buildings
  poke16(f, 0xA16, 0);  // no restriction table
  return f;
}

TEST(DatArchive, ReadsTheHandMadeFile) {
  const DatArchive a = DatArchive::from_bytes("hand.dat", hand_made_cell_file());
  EXPECT_EQ(a.header().block_size, 0x100u);
  EXPECT_EQ(a.data_set(), DataSet::Cell);
  const auto entries = a.entries();
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].id, 0x0A0BFFFEu);
  EXPECT_EQ(entries[1].offset, 0x900u);
  EXPECT_FALSE(a.find(0x0A0BFFFD).has_value());

  const CellLandblock block = parse_cell_landblock(a.read(0x0A0BFFFF), "landblock");
  EXPECT_TRUE(block.has_objects);
  EXPECT_EQ(block.terrain_type(0), 17);
  EXPECT_EQ(block.terrain_type(80), 1);
  EXPECT_EQ(block.heights[0], 12);
  EXPECT_EQ(block.heights[80], 200);

  const LandblockInfo info = parse_landblock_info(a.read(0x0A0BFFFE), "info");
  EXPECT_EQ(info.num_cells, 3u);
  ASSERT_EQ(info.objects.size(), 8u);
  EXPECT_EQ(info.objects[6].id, 0x01000006u);
  EXPECT_EQ(info.objects[6].frame.origin.x, 6.0f);
  EXPECT_EQ(info.objects[7].id, 0x02000123u);
  EXPECT_EQ(info.objects[7].frame.origin, Vec3(10.5f, 20.25f, 5.0f));
  EXPECT_EQ(info.objects[7].frame.orientation, Quat(0.5f, 0.5f, 0.5f, 0.5f));
  EXPECT_TRUE(info.buildings.empty());
}

// The test writer against the hand-made layout: the same files written by
// it read back the same, and its header words sit where the hand put them.
TEST(DatArchive, TheWriterAgreesWithTheHandMadeFile) {
  const DatArchive hand = DatArchive::from_bytes("hand.dat", hand_made_cell_file());
  std::map<std::uint32_t, std::string> files;
  for (const DatEntry& e : hand.entries()) files[e.id] = hand.read(e);
  const std::string written = testing::write_dat(files, {0x100, DataSet::Cell, true});
  std::uint32_t word;
  std::memcpy(&word, &written[0x140], 4);
  EXPECT_EQ(word, 0x5442u);
  std::memcpy(&word, &written[0x144], 4);
  EXPECT_EQ(word, 0x100u);
  std::memcpy(&word, &written[0x14C], 4);
  EXPECT_EQ(word, 2u);
  const DatArchive back = DatArchive::from_bytes("written.dat", written);
  for (const auto& [id, bytes] : files) EXPECT_EQ(back.read(id), bytes) << std::hex << id;
  EXPECT_EQ(testing::cell_landblock_bytes(parse_cell_landblock(files.at(0x0A0BFFFF), "x")),
            files.at(0x0A0BFFFF));
  EXPECT_EQ(testing::landblock_info_bytes(parse_landblock_info(files.at(0x0A0BFFFE), "x")),
            files.at(0x0A0BFFFE));
}

// Enough files for a directory of two levels, of every size from empty to
// several blocks, in both retail block sizes, chains interleaved.
TEST(DatArchive, ManyFilesRoundTripThroughATwoLevelDirectory) {
  std::mt19937 rng(20);
  std::map<std::uint32_t, std::string> files;
  std::uniform_int_distribution<int> size(0, 3000), byte(0, 255);
  for (int i = 0; i < 400; ++i) {
    std::string data(static_cast<std::size_t>(size(rng)), '\0');
    for (char& c : data) c = static_cast<char>(byte(rng));
    files[0x01000000u + static_cast<std::uint32_t>(i) * 7u] = data;
  }
  for (std::uint32_t bs : {256u, 1024u}) {
    const DatArchive a = DatArchive::from_bytes("many.dat", testing::write_dat(files, {bs, DataSet::Portal, true}));
    for (const auto& [id, bytes] : files) ASSERT_EQ(a.read(id), bytes) << std::hex << id;
    EXPECT_FALSE(a.find(0x01000001).has_value());
    EXPECT_FALSE(a.find(0xFFFFFFFF).has_value());
    const auto all = a.entries();
    ASSERT_EQ(all.size(), files.size());
    EXPECT_TRUE(std::is_sorted(all.begin(), all.end(), [](auto& x, auto& y) { return x.id < y.id; }));
    const auto some = a.entries(0x01000000u + 7u * 100u, 0x01000000u + 7u * 150u - 1u);
    ASSERT_EQ(some.size(), 50u);
    EXPECT_EQ(some.front().id, 0x01000000u + 7u * 100u);
  }
}

struct BadDat : ::testing::Test {
  std::string good = hand_made_cell_file();
  // The good file with one 32-bit word changed.
  std::string with(std::size_t at, std::uint32_t value) const {
    std::string bytes = good;
    poke32(bytes, at, value);
    return bytes;
  }
  std::string error_of(const std::string& bytes, std::uint32_t read_id = 0x0A0BFFFE) {
    return input_error_of([&] { DatArchive::from_bytes("bad.dat", bytes).read(read_id); });
  }
};

TEST_F(BadDat, HeaderProblems) {
  EXPECT_THAT(error_of(good.substr(0, 0x150)), HasSubstr("bad.dat: not an Asheron's Call data file"));
  EXPECT_THAT(error_of(with(0x140, 0x1234)), HasSubstr("magic 0x1234"));
  EXPECT_THAT(error_of(with(0x144, 3)), HasSubstr("block size 3"));
  EXPECT_THAT(error_of(with(0x14C, 9)), HasSubstr("unknown data set 9"));
  EXPECT_THAT(error_of(good.substr(0, 0xE00)), HasSubstr("truncated: the header gives 4096 bytes, the file has 3584"));
  EXPECT_THAT(error_of(with(0x160, 0x5000)), HasSubstr("directory root at byte 20480"));
}

TEST_F(BadDat, ChainsThatLeaveTheFileOrEndEarly) {
  // The info's second block far outside; its chain ending after the first
  // block; an entry's size no file could hold; a directory node's block
  // linking into a file's last block.
  EXPECT_THAT(error_of(with(0xC00, 0x7FFF0000)), HasSubstr("file 0x0A0BFFFE: block at byte 2147418112 lies outside the file"));
  EXPECT_THAT(error_of(with(0xC00, 0)), HasSubstr("block at byte 0 lies outside the file (4096 bytes), after 252 of 272"));
  EXPECT_THAT(error_of(with(0x310, 0xFFFFFFF0)), HasSubstr("size 4294967280 is more than the file's 16 blocks can hold"));
  EXPECT_THAT(input_error_of([&] { DatArchive::from_bytes("bad.dat", with(0x500, 0x900)).find(0x0A0BFFFF); }),
              HasSubstr("directory node at byte 512: block at byte 0 lies outside the file (4096 bytes), "
                        "after 1260 of 1716 bytes"));
}

TEST_F(BadDat, DirectoriesThatLoopOrLie) {
  std::string bad = good;
  poke32(bad, 0x204, 0x200);  // branch 0 is the root itself: now internal, looping
  poke32(bad, 0x208, 0x200);
  poke32(bad, 0x20C, 0x200);
  EXPECT_THAT(error_of(bad, 0x0A0BFFFD), HasSubstr("deeper than 24 levels (a loop?)"));
  EXPECT_THAT(input_error_of([&] { DatArchive::from_bytes("bad.dat", bad).entries(); }),
              HasSubstr("the directory loops"));
  // Too many entries, entries out of order, an internal node short of a branch.
  EXPECT_THAT(error_of(with(0x2FC, 62)), HasSubstr("62 entries, at most 61"));
  EXPECT_THAT(error_of(with(0x320, 0x0A0BFFF0)), HasSubstr("entries out of order (0x0A0BFFF0 after 0x0A0BFFFE)"));
  EXPECT_THAT(error_of(with(0x204, 0x300)), HasSubstr("branch 1 of 3 is missing"));
  EXPECT_THAT(input_error_of([&] { DatArchive::from_bytes("bad.dat", good).read(0x12345678); }),
              HasSubstr("bad.dat: file 0x12345678: no such file in the directory"));
}

TEST_F(BadDat, FileTypesRefuseShortOrOverlongContents) {
  const DatArchive a = DatArchive::from_bytes("hand.dat", good);
  const std::string block = a.read(0x0A0BFFFF);
  EXPECT_THAT(input_error_of([&] { parse_cell_landblock(block.substr(0, 100), "cell 0x0A0BFFFF"); }),
              HasSubstr("cell 0x0A0BFFFF: at byte 100: a field of 2 bytes runs past the end (100 bytes)"));
  EXPECT_THAT(input_error_of([&] { parse_cell_landblock(a.read(0x0A0BFFFE), "x"); }),
              HasSubstr("id 0x0A0BFFFE is not a landblock's"));
  std::string info = a.read(0x0A0BFFFE);
  poke32(info, 8, 0x40000000);  // a billion objects in 272 bytes
  EXPECT_THAT(input_error_of([&] { parse_landblock_info(info, "info"); }),
              HasSubstr("object count 1073741824 would need 34359738368 bytes, 260 are left"));
}

}  // namespace
}  // namespace transit::dat

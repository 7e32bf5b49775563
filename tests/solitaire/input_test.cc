// Parsing: both layouts, every kind of malformed input, and hostile sizes and bytes.
#include <string>

#include <gtest/gtest.h>
#include <gmock/gmock.h>

#include "solitaire/board.h"
#include "solitaire/input.h"

namespace solitaire {
namespace {

using ::testing::HasSubstr;

const char kSample[] = "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n";

std::string Error(std::string_view text, InputLayout layout) { return ParseInput(text, layout).error; }

TEST(SolitaireInputTest, ReadsTheSampleInBothLayouts) {
  for (InputLayout layout : {InputLayout::kTokens, InputLayout::kStrict}) {
    ParsedInput in = ParseInput(kSample, layout);
    ASSERT_TRUE(in.ok()) << in.error;
    ASSERT_EQ(in.cases.size(), 1u);
    EXPECT_EQ(in.cases[0].start, BoardOf({CellAt(4, 4), CellAt(4, 5), CellAt(5, 4), CellAt(6, 5)}));
    EXPECT_EQ(in.cases[0].target, BoardOf({CellAt(2, 4), CellAt(3, 3), CellAt(3, 6), CellAt(4, 6)}));
    EXPECT_EQ(in.cases[0].line, 1);
  }
}

TEST(SolitaireInputTest, TokenLayoutAcceptsAnyWhitespaceAndScanfIntegers) {
  ParsedInput in = ParseInput("  4 4 4\t5 5 4 6 5 2 4\r\n3 3 3 6 +4 06\n\n1 1 1 2 1 3 1 4\n1 1 1 2 1 3 1 4",
                              InputLayout::kTokens);
  ASSERT_TRUE(in.ok()) << in.error;
  ASSERT_EQ(in.cases.size(), 2u);
  EXPECT_EQ(in.cases[0].target, BoardOf({CellAt(2, 4), CellAt(3, 3), CellAt(3, 6), CellAt(4, 6)}));
  EXPECT_EQ(in.cases[1].line, 4);
  EXPECT_TRUE(ParseInput("", InputLayout::kTokens).ok());  // zero cases
}

TEST(SolitaireInputTest, CoordinateOutsideOneToEightNamesCaseLineAndToken) {
  EXPECT_EQ(Error("1 1 1 2 1 3 1 4\n1 1 1 2 1 3 1 4\n4 4 4 5 9 4 6 5\n2 4 3 3 3 6 4 6\n",
                  InputLayout::kTokens),
            "case 2, line 3, token 5: expected an integer 1..8, found '9'");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 0\n", InputLayout::kStrict),
            "case 1, line 2, token 8: expected an integer 1..8, found '0'");
  EXPECT_THAT(Error("4 4 4 5 5 4 6 -5\n2 4 3 3 3 6 4 6\n", InputLayout::kTokens),
              HasSubstr("token 8: expected an integer 1..8, found '-5'"));
  EXPECT_THAT(Error("4 4 4 5 5 4 6 99999999999999999999\n2 4 3 3 3 6 4 6\n", InputLayout::kTokens),
              HasSubstr("token 8: expected an integer 1..8"));
}

TEST(SolitaireInputTest, NonIntegerTokenIsQuoted) {
  EXPECT_EQ(Error("4 4 4 5 5 x 6 5\n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
            "case 1, line 1, token 6: expected an integer 1..8, found 'x'");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4.0 6\n", InputLayout::kTokens),
            "case 1, line 2, token 7: expected an integer 1..8, found '4.0'");
  // Strict: one digit, no sign, no leading zero.
  EXPECT_THAT(Error("4 4 4 5 5 4 6 05\n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
              HasSubstr("token 8: expected an integer 1..8, found '05'"));
  EXPECT_THAT(Error("+4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
              HasSubstr("token 1: expected an integer 1..8, found '+4'"));
}

TEST(SolitaireInputTest, TwoPiecesOnOneCellInStartOrTarget) {
  EXPECT_EQ(Error("4 4 4 5 4 4 6 5\n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
            "case 1, line 1, token 5: second piece on cell (4, 4) of the start (first at line 1, token 1)");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 3 3\n", InputLayout::kTokens),
            "case 1, line 2, token 7: second piece on cell (3, 3) of the target (first at line 2, token 3)");
}

TEST(SolitaireInputTest, WrongTokenCount) {
  EXPECT_EQ(Error("4 4 4 5 5 4 6\n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
            "case 1, line 1: expected 8 integers, found 7");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6 1\n", InputLayout::kStrict),
            "case 1, line 2: expected 8 integers, found 9");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4\n", InputLayout::kTokens),
            "case 1, line 2: input ends after 15 of the case's 16 integers");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n1 1 1 2 1 3 1 4\n", InputLayout::kStrict),
            "case 2, line 3: input ends after the start configuration, expected the target on line 4");
}

TEST(SolitaireInputTest, StrictLayoutRules) {
  EXPECT_EQ(Error("", InputLayout::kStrict), "expected at least one case, found an empty input");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6", InputLayout::kStrict),
            "case 1, line 2: expected a newline at the end of the input");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\r\n2 4 3 3 3 6 4 6\r\n", InputLayout::kStrict),
            "case 1, line 1, column 16: expected single spaces and LF line ends, found '\\x0d'");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n\n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
            "case 1, line 2: blank line, expected 8 integers");
  EXPECT_EQ(Error("4 4  4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
            "case 1, line 1, column 5: expected one space between tokens, found two");
  EXPECT_EQ(Error(" 4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
            "case 1, line 1, column 1: expected a token, found a space");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5 \n2 4 3 3 3 6 4 6\n", InputLayout::kStrict),
            "case 1, line 1, column 16: trailing space");
  EXPECT_EQ(Error("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n\n", InputLayout::kStrict),
            "case 2, line 3: blank line, expected 8 integers");
}

TEST(SolitaireInputTest, HostileInputsGiveOneLineErrors) {
  const std::string huge(10'000'000, 'x');
  for (InputLayout layout : {InputLayout::kTokens, InputLayout::kStrict}) {
    std::string error = Error(huge, layout);
    EXPECT_EQ(error,
              "case 1, line 1, token 1: expected an integer 1..8, found 'xxxxxxxxxxxxxxxxxxxx'... "
              "(10000000 bytes)");
  }
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 7919) % 256);
  for (InputLayout layout : {InputLayout::kTokens, InputLayout::kStrict}) {
    std::string error = Error(garbage, layout);
    EXPECT_FALSE(error.empty());
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  std::string nul("4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 \0\n", 32);
  EXPECT_EQ(Error(nul, InputLayout::kTokens), "case 1, line 2, token 8: expected an integer 1..8, found '\\x00'");
  // Many short valid lines: linear, not quadratic.
  std::string many;
  for (int i = 0; i < 200000; ++i) many += "1 1 1 2 1 3 1 4\n8 8 8 7 8 6 8 5\n";
  EXPECT_EQ(ParseInput(many, InputLayout::kStrict).cases.size(), 200000u);
  EXPECT_EQ(ParseInput(many, InputLayout::kTokens).cases.size(), 200000u);
}

TEST(SolitaireInputTest, QuoteTokenEscapesAndCuts) {
  EXPECT_EQ(QuoteToken("ab"), "'ab'");
  EXPECT_EQ(QuoteToken(std::string("a\0b", 3)), "'a\\x00b'");
  EXPECT_EQ(QuoteToken("it's"), "'it\\x27s'");
  EXPECT_EQ(QuoteToken(std::string(21, 'z')), "'zzzzzzzzzzzzzzzzzzzz'... (21 bytes)");
}

}  // namespace
}  // namespace solitaire

// The end-to-end tests' reading of `judge ... --json`: stdout as one JSON document, a
// test failure (with both streams) when it is not one.
#ifndef JUDGE_TESTS_CLI_JSON_UTIL_H_
#define JUDGE_TESTS_CLI_JSON_UTIL_H_

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace judge::clitest {

inline nlohmann::json ParseRun(const Ran& r) {
  try {
    return nlohmann::json::parse(r.out);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not JSON: " << e.what() << "\nstdout: " << r.out << "\nstderr: " << r.err;
    return nlohmann::json();
  }
}

}  // namespace judge::clitest

#endif  // JUDGE_TESTS_CLI_JSON_UTIL_H_

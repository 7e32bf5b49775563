// Where the test suite's plugins and packages are (set by CMake).
#ifndef JUDGE_TESTS_PLUGIN_HOST_TEST_PLUGINS_H_
#define JUDGE_TESTS_PLUGIN_HOST_TEST_PLUGINS_H_

#include <string>

namespace judge::testing {

inline std::string TestPluginDir() { return TEST_PLUGIN_DIR; }
inline std::string TestPlugin(const std::string& id) { return TestPluginDir() + "/" + id + ".so"; }
inline std::string TestPackage(const std::string& name) { return std::string(TEST_DATA_DIR) + "/" + name; }

}  // namespace judge::testing

#endif  // JUDGE_TESTS_PLUGIN_HOST_TEST_PLUGINS_H_

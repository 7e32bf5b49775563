// The Store contract (store_contract.h), checked against the SQLite store and the
// in-memory fake the grader's tests rely on. Same calls, same answers. The
// PostgreSQL store runs the same contract in service_pg_test (pg_store_test.cc).
#include "store_contract.h"

namespace judge::store_test {
namespace {

INSTANTIATE_TEST_SUITE_P(
    LocalStores, StoreContractTest,
    ::testing::Values(
        StoreFactory{"Sqlite",
                     [](const TempDir& dir) -> std::unique_ptr<Store> {
                       auto s = OpenStore(dir.Path("judge.sqlite"));
                       EXPECT_TRUE(s.ok()) << s.status().message();
                       return s.ok() ? std::move(s).value() : nullptr;
                     }},
        StoreFactory{"Memory", [](const TempDir&) { return NewMemoryStore(); }}),
    [](const ::testing::TestParamInfo<StoreFactory>& info) { return info.param.name; });

}  // namespace
}  // namespace judge::store_test

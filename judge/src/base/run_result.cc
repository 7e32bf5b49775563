// The names of a run's status and kill reason (see judge/base/run_result.h).
#include "judge/base/run_result.h"

namespace judge {

std::string_view RunStatusCode(RunStatus s) {
  switch (s) {
    case RunStatus::kOk: return "OK";
    case RunStatus::kTimeLimitExceeded: return "TLE";
    case RunStatus::kMemoryLimitExceeded: return "MLE";
    case RunStatus::kOutputLimitExceeded: return "OLE";
    case RunStatus::kRuntimeError: return "RE";
  }
  return "??";
}

std::string_view KillReasonName(KillReason r) {
  switch (r) {
    case KillReason::kNone: return "none";
    case KillReason::kCpuTime: return "cpu";
    case KillReason::kWallTime: return "wall";
    case KillReason::kMemory: return "memory";
    case KillReason::kOutput: return "output";
    case KillReason::kProcesses: return "processes";
    case KillReason::kDisk: return "disk";
  }
  return "??";
}

}  // namespace judge

#include "caller_base.h"

namespace judge::plugin_internal {

Result<RawOutcome> CallerBase::InvokeOnInput(Op op, std::string_view input) {
  CallArgs args;
  args.op = op;
  args.input = input;
  args.max_output_bytes = max_output_bytes_;
  return Invoke(args);
}

Result<PluginOutput> CallerBase::Solve(std::string_view input) {
  JUDGE_ASSIGN_OR_RETURN(RawOutcome raw, InvokeOnInput(Op::kSolve, input));
  return InterpretSolve(*plugin_, std::move(raw), max_output_bytes_);
}

Result<CheckOutcome> CallerBase::Check(std::string_view input, std::string_view output, std::string_view answer,
                                       std::string_view options) {
  CallArgs args;
  args.op = Op::kCheck;
  args.input = input;
  args.output = output;
  args.answer = answer;
  args.options = options;
  args.max_output_bytes = max_output_bytes_;
  JUDGE_ASSIGN_OR_RETURN(RawOutcome raw, Invoke(args));
  return InterpretCheck(*plugin_, std::move(raw));
}

Result<ValidateOutcome> CallerBase::Validate(std::string_view input) {
  JUDGE_ASSIGN_OR_RETURN(RawOutcome raw, InvokeOnInput(Op::kValidate, input));
  return InterpretValidate(*plugin_, std::move(raw));
}

Result<PluginOutput> CallerBase::Generate(uint64_t seed, std::string_view params) {
  CallArgs args;
  args.op = Op::kGenerate;
  args.seed = seed;
  args.options = params;
  args.max_output_bytes = max_output_bytes_;
  JUDGE_ASSIGN_OR_RETURN(RawOutcome raw, Invoke(args));
  return InterpretGenerate(*plugin_, std::move(raw), max_output_bytes_);
}

}  // namespace judge::plugin_internal

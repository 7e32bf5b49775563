// Exit codes and bounds of the bounds validator.
#pragma once
constexpr int kValid = 42;
constexpr int kInvalid = 43;
constexpr double kMaxAbs = 999.999;

// Joined to every C++ submission (include/cpp/): a helper the accepted one uses.
#pragma once
inline long long Half(long long n) { return n / 2; }

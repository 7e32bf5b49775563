// <ios.h> of the pre-standard C++ library, as POJ's "C++" (MSVC) compiled contest code
// that included it: the standard <ios>, its names global as they were then.
#ifndef JUDGE_MSVC_IOS_H_
#define JUDGE_MSVC_IOS_H_
#include <ios>
using namespace std;
#endif

// <iostream.h> of the pre-standard C++ library, as POJ's "C++" (MSVC) compiled contest code
// that included it: the standard <iostream>, its names global as they were then.
#ifndef JUDGE_MSVC_IOSTREAM_H_
#define JUDGE_MSVC_IOSTREAM_H_
#include <iostream>
using namespace std;
#endif

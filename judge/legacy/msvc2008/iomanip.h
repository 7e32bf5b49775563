// <iomanip.h> of the pre-standard C++ library, as POJ's "C++" (MSVC) compiled contest code
// that included it: the standard <iomanip>, its names global as they were then.
#ifndef JUDGE_MSVC_IOMANIP_H_
#define JUDGE_MSVC_IOMANIP_H_
#include <iostream>  // the old header included <iostream.h>
#include <iomanip>
using namespace std;
#endif

// <ostream.h> of the pre-standard C++ library, as POJ's "C++" (MSVC) compiled contest code
// that included it: the standard <ostream>, its names global as they were then.
#ifndef JUDGE_MSVC_OSTREAM_H_
#define JUDGE_MSVC_OSTREAM_H_
#include <ostream>
using namespace std;
#endif

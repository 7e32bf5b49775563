// <istream.h> of the pre-standard C++ library, as POJ's "C++" (MSVC) compiled contest code
// that included it: the standard <istream>, its names global as they were then.
#ifndef JUDGE_MSVC_ISTREAM_H_
#define JUDGE_MSVC_ISTREAM_H_
#include <istream>
using namespace std;
#endif

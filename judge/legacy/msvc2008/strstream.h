// <strstream.h> of the pre-standard C++ library, as POJ's "C++" (MSVC) compiled contest code
// that included it: the standard <strstream>, its names global as they were then.
#ifndef JUDGE_MSVC_STRSTREAM_H_
#define JUDGE_MSVC_STRSTREAM_H_
#include <iostream>  // the old header included <iostream.h>
#include <strstream>
using namespace std;
#endif

// <strstrea.h>: Microsoft's 8.3 name of <strstream.h> (istrstream, ostrstream), the
// standard <strstream> with its names global.
#ifndef JUDGE_MSVC_STRSTREA_H_
#define JUDGE_MSVC_STRSTREA_H_
#include <iostream>  // the old header included <iostream.h>
#include <strstream>
using namespace std;
#endif

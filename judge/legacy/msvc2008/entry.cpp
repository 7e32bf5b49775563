// The translation unit the cpp98-poj-msvc profile compiles (languages.yaml): the MSVC
// layer, then the contestant's source (JUDGE_MSVC_SOURCE, "main.cpp") with its main
// renamed, then the real main. MSVC accepted `void main()`; g++ refuses it ("'::main'
// must return 'int'", -fpermissive or not), so the contestant's main is called by a
// main of ours that knows its signature from overload resolution and returns 0 when
// it returns nothing. Calls of main() in the source (a restart) are renamed with it.
#include "judge_msvc.h"

#define main judge_msvc_user_main
#include JUDGE_MSVC_SOURCE
#undef main

inline int judge_msvc_call(void (*user)(), int, char**) {
  user();
  return 0;
}
inline int judge_msvc_call(int (*user)(), int, char**) { return user(); }
inline int judge_msvc_call(void (*user)(int, char**), int argc, char** argv) {
  user(argc, argv);
  return 0;
}
inline int judge_msvc_call(int (*user)(int, char**), int argc, char** argv) { return user(argc, argv); }
inline int judge_msvc_call(int (*user)(int, const char**), int argc, char** argv) {
  return user(argc, const_cast<const char**>(argv));
}

int main(int argc, char** argv) { return judge_msvc_call(judge_msvc_user_main, argc, argv); }

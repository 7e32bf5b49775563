#!/usr/bin/env bash
# What runs between clone and exec (the run's init, its launcher thread and the
# program until its exec: child_setup, launcher, session_reset) shares the keeper's
# memory and must not allocate. Their objects, among the keeper's given as arguments,
# reference no allocator: neither malloc and its kin nor operator new and delete.
set -euo pipefail
found=0
checked=0
for object in "$@"; do
  case "$(basename "$object")" in
    child_setup.cc.o | launcher.cc.o | session_reset.cc.o) ;;
    *) continue ;;
  esac
  checked=$((checked + 1))
  if refs=$(nm -u "$object" | grep -E ' (malloc|calloc|realloc|free|posix_memalign|aligned_alloc|_Znw[a-zA-Z]*|_Zna[a-zA-Z]*|_Zdl[a-zA-Z]*|_Zda[a-zA-Z]*)$'); then
    echo "$(basename "$object") references an allocator:"
    echo "$refs" | c++filt
    found=1
  fi
done
if [ "$checked" -ne 3 ]; then
  echo "expected the objects of child_setup, launcher and session_reset among the arguments, found $checked"
  exit 1
fi
exit $found

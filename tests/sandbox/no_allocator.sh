#!/usr/bin/env bash
# What runs between clone and exec (the run's init, its launcher thread and the
# program until its exec: judge/src/sandbox/init/) shares the keeper's memory and must
# not allocate. Its objects, given as arguments, reference no allocator: neither malloc
# and its kin nor operator new and delete.
set -euo pipefail
found=0
for object in "$@"; do
  if refs=$(nm -u "$object" | grep -E ' (malloc|calloc|realloc|free|posix_memalign|aligned_alloc|_Znw[a-zA-Z]*|_Zna[a-zA-Z]*|_Zdl[a-zA-Z]*|_Zda[a-zA-Z]*)$'); then
    echo "$(basename "$object") references an allocator:"
    echo "$refs" | c++filt
    found=1
  fi
done
if [ "$#" -lt 2 ]; then
  echo "expected the init's objects (child_setup, init_main), found $#"
  exit 1
fi
exit $found

// Changes its work directory in every way a program can: removes the file "gone",
// rewrites "kept", creates "new.txt" (setuid, which must not survive), a link to
// /etc/passwd, a FIFO, a directory with a file, and replaces the directory "old"
// (which held a file) by an empty one. The judge copies back what is a plain file,
// directory or link, and nothing else.
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
static int put(const char* name, const char* text) {
  FILE* f = fopen(name, "w");
  if (!f) return 1;
  fputs(text, f);
  return fclose(f) != 0;
}
int main(void) {
  if (unlink("gone") != 0) return 2;
  if (put("kept", "rewritten\n")) return 3;
  if (put("new.txt", "new\n") || chmod("new.txt", 04755) != 0) return 4;
  if (symlink("/etc/passwd", "link") != 0) return 5;
  if (mkfifo("fifo", 0644) != 0) return 6;
  if (mkdir("dir", 0750) != 0 || put("dir/inner.txt", "inner\n")) return 7;
  if (unlink("old/file") != 0 || rmdir("old") != 0 || mkdir("old", 0755) != 0) return 8;
  return 0;
}

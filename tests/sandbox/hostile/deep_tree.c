// Leaves argv[1] nested directories with 250-character names (the whole path far
// longer than PATH_MAX) and a file at the bottom: the judge must still keep and then
// remove it all.
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
int main(int argc, char** argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 17;
  char name[251];
  memset(name, 'n', 250);
  name[250] = '\0';
  for (int i = 0; i < depth; ++i) {
    if (mkdir(name, 0755) != 0 || chdir(name) != 0) return 2;
  }
  int fd = open("bottom.txt", O_CREAT | O_WRONLY, 0644);
  if (fd < 0 || write(fd, "deep\n", 5) != 5) return 3;
  return 0;
}

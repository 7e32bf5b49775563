// abort(): RE with SIGABRT, and no core file anywhere.
#include <stdlib.h>
int main(void) { abort(); }

# Turns a file into a C++ byte array (for files built into the executable: the web
# page). Usage: cmake -DINPUT=<file> -DOUTPUT=<file.inc> -DNAME=<identifier> -P embed_file.cmake
# Writes `static const unsigned char NAME[]` and `static const std::size_t NAME_size`.
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by cmake/embed_file.cmake; do not edit.\n"
  "static const unsigned char ${NAME}[] = {${bytes}};\n"
  "static const std::size_t ${NAME}_size = ${size};\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")

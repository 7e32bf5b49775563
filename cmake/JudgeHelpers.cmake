# Shared build settings for the judge's own targets.

# judge_warnings(<target>): our code builds warning-free under these flags.
function(judge_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-missing-field-initializers)
  if(JUDGE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(JUDGE_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()

# judge_add_plugin(<id> SOURCES ... [LIBRARIES ...])
# Builds a problem plugin as <build>/plugins/<id>.so. Symbols are hidden by default so
# the plugin exports exactly one entry point (judge_get_plugin_info, marked by the SDK).
function(judge_add_plugin id)
  cmake_parse_arguments(ARG "" "OUTPUT_DIR" "SOURCES;LIBRARIES" ${ARGN})
  set(target plugin_${id})
  string(REPLACE "-" "_" target ${target})
  add_library(${target} MODULE ${ARG_SOURCES})
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR ${JUDGE_PLUGIN_OUTPUT_DIR})
  endif()
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    OUTPUT_NAME ${id}
    LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIR}
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_link_libraries(${target} PRIVATE judge_plugin_sdk ${ARG_LIBRARIES})
  # A plugin must not depend on symbols of the host: fail the link instead.
  # libstdc++ gives namespace std default visibility, so inline template instantiations
  # (e.g. to_chars helpers) would be exported despite -fvisibility=hidden: the version
  # script keeps the entry point the only export.
  target_link_options(${target} PRIVATE -Wl,--no-undefined
                      -Wl,--version-script=${PROJECT_SOURCE_DIR}/cmake/plugin_exports.map)
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/plugin_exports.map)
  judge_warnings(${target})
endfunction()

# judge_add_test(<name> LABELS <labels> SOURCES ... LIBRARIES ...)
# A GoogleTest executable whose tests are registered individually with ctest.
function(judge_add_test name)
  cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBRARIES;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBRARIES} GTest::gtest GTest::gtest_main Threads::Threads)
  judge_warnings(${name})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 600)
  endif()
  gtest_discover_tests(${name}
    PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT}
    DISCOVERY_TIMEOUT 60)
endfunction()

# judge_dependency(<var> <archive> <shared>): <var> is the static archive of a
# third-party library (e.g. libsqlite3.a) when JUDGE_STATIC_DEPS is on and Debian's
# -dev package ships it, else <shared> (an imported target or a library file).
function(judge_dependency var archive shared)
  if(JUDGE_STATIC_DEPS)
    find_library(${var}_ARCHIVE NAMES ${archive})
    if(${var}_ARCHIVE)
      set(${var} ${${var}_ARCHIVE} PARENT_SCOPE)
      return()
    endif()
  endif()
  set(${var} ${shared} PARENT_SCOPE)
endfunction()

# judge_static_runtime(<target>): libstdc++ and libgcc linked into an executable (with
# JUDGE_STATIC_DEPS). Plugins keep their own shared libstdc++: only C crosses the ABI.
function(judge_static_runtime target)
  if(JUDGE_STATIC_DEPS)
    target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc)
  endif()
endfunction()

# judge_packed_relocations(<target>): the executable's relative relocations packed
# (DT_RELR) when the linker offers it: the judge's 7,652 become 1.4 KiB instead of
# 180 KiB of RELA records the loader reads (and faults in) at every start, which a
# one-run `judge run` pays in full. Still PIE, still RELRO.
include(CheckLinkerFlag)
check_linker_flag(CXX "-Wl,-z,pack-relative-relocs" JUDGE_LINKER_PACKS_RELOCATIONS)
function(judge_packed_relocations target)
  if(JUDGE_LINKER_PACKS_RELOCATIONS)
    target_link_options(${target} PRIVATE -Wl,-z,pack-relative-relocs)
  endif()
endfunction()

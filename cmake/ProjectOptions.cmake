# SPDX-License-Identifier: Apache-2.0
# One interface target carries the language level, warnings and Qt defines for every target.
include_guard(GLOBAL)

option(SFDESK_WERROR "Treat warnings as errors" OFF)
option(SFDESK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(SFDESK_FUZZ "Build the libFuzzer targets of tests/fuzz (clang only)" OFF)
option(SFDESK_CLAZY "Check every file with clazy's Qt checks while compiling it (clang only)" OFF)
option(SFDESK_CLAZY_FAIL "With SFDESK_CLAZY: a clazy finding fails its file's compile" ON)
option(SFDESK_CLANG_TIDY "Register lint_clang_tidy: clang-tidy (.clang-tidy) over src/, clang builds only" OFF)
option(SFDESK_PCH "Precompile the Qt and standard headers most files of each library include" OFF)
option(BUILD_TESTING "Build the tests" ON)

if(BUILD_TESTING)
    enable_testing()
endif()

# mold links several times faster than the default linker (tst_partitionsflow 4.0 s against 1.2 s
# with gcc) and faster than lld (the sanitized tst_partitionsflow 2.5 s with lld 19, 1.9 s); a host
# without mold links as before.
if(NOT CMAKE_LINKER_TYPE)
    find_program(SFDESK_MOLD mold)
    if(SFDESK_MOLD)
        set(CMAKE_LINKER_TYPE MOLD)
    endif()
endif()

# Precompiled headers (SFDESK_PCH, on in the dev preset: the README's run command builds from
# nothing on a new machine) parse the Qt headers once per library instead of once per file. The test
# presets leave them off: a precompiled header holds the absolute paths of its build tree, so the
# compiler cache could not share objects between two clones, which CI's warm runs rely on. A
# build without them also proves that every file includes what it uses.
function(sfdesk_precompile_headers target)
    if(SFDESK_PCH)
        target_precompile_headers(${target} PRIVATE ${ARGN})
    endif()
endfunction()
# clang stamps a precompiled header with its build time, which would keep the compiler cache from
# reusing the objects compiled with it.
if(SFDESK_PCH AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    add_compile_options("SHELL:-Xclang -fno-pch-timestamp")
endif()

find_program(SFDESK_CCACHE ccache)
if(SFDESK_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${SFDESK_CCACHE})
endif()
# A precompiled header names its build tree's files by absolute path, and ccache (its base folder
# set to the checkout) would hand one clone's header to another, whose compiles then fail to find
# those files. With precompiled headers ccache keys every compile by its build folder too
# (hash_dir, ccache 4.8's KEY=VALUE form); the presets without them share objects between clones.
if(SFDESK_PCH AND CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_CXX_COMPILER_LAUNCHER} hash_dir=true)
endif()

add_library(sfdesk_options INTERFACE)
target_compile_features(sfdesk_options INTERFACE cxx_std_20)
target_compile_definitions(sfdesk_options INTERFACE
    QT_NO_KEYWORDS
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_CONTEXTLESS_CONNECT
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_USE_QSTRINGBUILDER
    QT_STRICT_ITERATORS
    QT_DISABLE_DEPRECATED_UP_TO=0x060800
    SFDESK_VERSION="${PROJECT_VERSION}")
target_compile_options(sfdesk_options INTERFACE
    -Wall -Wextra -Wpedantic -Wold-style-cast -Wnon-virtual-dtor -Woverloaded-virtual
    -Wcast-qual -Wformat=2 -Wimplicit-fallthrough
    $<$<BOOL:${SFDESK_WERROR}>:-Werror>
    # A local hiding another local: GCC's spelling; clang (the sanitizer preset) has no such option
    # and said so once per file.
    $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local>
    # GCC reports std::optional members as maybe-uninitialized at -O2 where they are not.
    $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
if(SFDESK_SANITIZE)
    target_compile_options(sfdesk_options INTERFACE
        -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_link_options(sfdesk_options INTERFACE -fsanitize=address,undefined)
endif()
# The fuzz targets need coverage feedback from the code they call: the libraries they link and the
# fuzzers themselves carry libFuzzer's instrumentation (sfdesk_fuzz_coverage), nothing else does
# (it made every file of the GUI and the tests about 14 % slower to compile, and their code slower
# to run). Every program of a fuzz build links its runtime; only the fuzzers link its main.
if(SFDESK_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "SFDESK_FUZZ needs clang (libFuzzer); use the asan-ubsan preset")
    endif()
    target_link_options(sfdesk_options INTERFACE -fsanitize=fuzzer-no-link)
endif()
function(sfdesk_fuzz_coverage target)
    if(SFDESK_FUZZ)
        target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
    endif()
endfunction()
# clazy runs inside the compiler, so a build with it checks each file of src/ (sfdesk_clazy: the
# product's targets, as clang-tidy) at no extra parse; its findings fail the compile
# (cmake/fail-on-clazy.sh, the launcher). It walks every declaration a file sees, the precompiled
# header's too: about 1.7 s a file, so the tests, which it would add 200 files to, go without. The
# checks: levels 0 and 1 but for non-pod-global-static (our static QStrings and tables are built
# once, on purpose) and the two that do not apply to Qt 6 code (qstring-ref) or misread
# context-object connects (connect-non-signal).
if(SFDESK_CLAZY)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "SFDESK_CLAZY needs clang; use the asan-ubsan preset")
    endif()
    find_file(SFDESK_CLAZY_PLUGIN ClazyPlugin.so PATHS /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib
              PATH_SUFFIXES clazy NO_DEFAULT_PATH REQUIRED)
    set(SFDESK_CLAZY_CHECKS "level0,level1,no-non-pod-global-static,no-qstring-ref,no-connect-non-signal"
        CACHE STRING "clazy's checks (its -checks syntax)")
    set(SFDESK_CLAZY_FLAGS
        "SHELL:-Xclang -load -Xclang ${SFDESK_CLAZY_PLUGIN}"
        "SHELL:-Xclang -add-plugin -Xclang clazy"
        "SHELL:-Xclang -plugin-arg-clazy -Xclang ${SFDESK_CLAZY_CHECKS}")
    if(SFDESK_CLAZY_FAIL)
        set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_CURRENT_LIST_DIR}/fail-on-clazy.sh ${CMAKE_CXX_COMPILER_LAUNCHER})
    endif()
endif()
function(sfdesk_clazy target)
    if(SFDESK_CLAZY)
        target_compile_options(${target} PRIVATE ${SFDESK_CLAZY_FLAGS})
    endif()
endfunction()
# What every library of src/ sets up alike: src/ as the root of its includes and clazy's checks.
# FUZZED: the fuzz targets read their input with this library's code, so it is built for their
# coverage. PRECOMPILE: the library's own headers to precompile, after the Qt and standard ones
# every library with precompiled headers shares.
function(sfdesk_library target)
    cmake_parse_arguments(PARSE_ARGV 1 arg "FUZZED" "" "PRECOMPILE")
    target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/src)
    if(arg_FUZZED)
        sfdesk_fuzz_coverage(${target})
    endif()
    sfdesk_clazy(${target})
    if(arg_PRECOMPILE)
        sfdesk_precompile_headers(${target}
            <QObject> <QString> <QStringList> <QList> <QHash> <QVariant> <QDateTime> <QJsonObject>
            <QJsonArray> <QJsonDocument> <QCoreApplication> <QPointer> <QTimer> <QUrl> <algorithm>
            <functional> <memory> <optional> ${arg_PRECOMPILE})
    endif()
endfunction()
# The sources of one folder of a library, each named once, without folder or extension: UNITS are
# .cpp files with their headers, HEADERS headers alone, PARTS .cpp files alone (a class split over
# files, or one whose header is a HEADERS name).
function(sfdesk_sources target folder)
    cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "UNITS;HEADERS;PARTS")
    set(files)
    foreach(unit IN LISTS arg_UNITS)
        list(APPEND files ${folder}/${unit}.cpp ${folder}/${unit}.h)
    endforeach()
    foreach(header IN LISTS arg_HEADERS)
        list(APPEND files ${folder}/${header}.h)
    endforeach()
    foreach(part IN LISTS arg_PARTS)
        list(APPEND files ${folder}/${part}.cpp)
    endforeach()
    target_sources(${target} PRIVATE ${files})
endfunction()
# clang-tidy reads the compile database of a clang build; it runs as a test (lint_clang_tidy), not in
# each compile: it parses every file again, which would double the build of a file that only the
# compiler cache would otherwise have served. clang-tidy 21 and later skip the declarations of system
# headers (Qt's), which halves its time per file against 19 (apiclient.cpp 16.7 s to 7.1 s); its
# version need not be the compiler's, since it only parses.
if(SFDESK_CLANG_TIDY)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "SFDESK_CLANG_TIDY needs clang's compile flags; use the asan-ubsan preset")
    endif()
    find_program(SFDESK_CLANG_TIDY_EXECUTABLE NAMES clang-tidy-22 clang-tidy-21 clang-tidy REQUIRED)
endif()

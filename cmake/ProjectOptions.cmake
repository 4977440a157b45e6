# SPDX-License-Identifier: Apache-2.0
# One interface target carries the language level, warnings and Qt defines for every target.
include_guard(GLOBAL)

option(SFDESK_WERROR "Treat warnings as errors" OFF)
option(SFDESK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(SFDESK_FUZZ "Build the libFuzzer targets of tests/fuzz (clang only)" OFF)
option(BUILD_TESTING "Build the tests" ON)

if(BUILD_TESTING)
    enable_testing()
endif()

find_program(SFDESK_CCACHE ccache)
if(SFDESK_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${SFDESK_CCACHE})
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
# The fuzz targets need coverage feedback from the code they call, so every target of a fuzz build
# carries libFuzzer's instrumentation; only the fuzzers themselves link its main.
if(SFDESK_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "SFDESK_FUZZ needs clang (libFuzzer); use the asan-ubsan preset")
    endif()
    target_compile_options(sfdesk_options INTERFACE -fsanitize=fuzzer-no-link)
    target_link_options(sfdesk_options INTERFACE -fsanitize=fuzzer-no-link)
endif()

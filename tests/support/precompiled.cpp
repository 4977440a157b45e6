// SPDX-License-Identifier: Apache-2.0
// The one source of the targets that build the tests' precompiled headers (tests/CMakeLists.txt);
// the tests reuse those headers and compile nothing of this file.

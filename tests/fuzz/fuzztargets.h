// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <cstddef>
#include <cstdint>

namespace sfdesk {

// One input of each fuzz target. The libFuzzer executables call these from LLVMFuzzerTestOneInput;
// tst_fuzzreplay calls them on every seed and on every input that once crashed, in every build.
namespace FuzzTargets {

void clitime(const uint8_t* data, size_t size);
void resourcejson(const uint8_t* data, size_t size);
void cloudinit(const uint8_t* data, size_t size);
void jinja(const uint8_t* data, size_t size);
void simrequest(const uint8_t* data, size_t size);

} // namespace FuzzTargets

} // namespace sfdesk

// SPDX-License-Identifier: Apache-2.0
// Must be found: a header, with spaces and angle brackets.
#pragma once

// clang-format off
#  include   <core/api/apiclient.h>
// clang-format on

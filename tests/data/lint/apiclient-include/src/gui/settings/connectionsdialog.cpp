// SPDX-License-Identifier: Apache-2.0
// Allowed: the connections dialog checks addresses with the client's rules.
#include "core/api/apiclient.h"

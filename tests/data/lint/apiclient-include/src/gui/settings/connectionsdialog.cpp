// SPDX-License-Identifier: Apache-2.0
// Must be found: the connections dialog checks a profile through the ConnectionManager.
#include "core/api/apiclient.h"

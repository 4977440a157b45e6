// SPDX-License-Identifier: Apache-2.0
// Must be found: only the connections dialog of settings/ is allowed.
#include "core/api/apiclient.h"

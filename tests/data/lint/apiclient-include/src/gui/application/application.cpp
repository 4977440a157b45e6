// SPDX-License-Identifier: Apache-2.0
// Allowed: the application makes the connections.
#include "core/api/apiclient.h"

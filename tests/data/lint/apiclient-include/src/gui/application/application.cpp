// SPDX-License-Identifier: Apache-2.0
// Must be found: the application wires the ConnectionManager, which makes the clients.
#include "core/api/apiclient.h"

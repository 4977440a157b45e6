// SPDX-License-Identifier: Apache-2.0
// Must be found: a view that includes the API client.
#include "gui/pools/poolsview.h"

#include "core/api/apiclient.h"
#include "core/models/session.h"

// SPDX-License-Identifier: Apache-2.0
// Not found: what only names the client, in a comment or another header.
// #include "core/api/apiclient.h" is what views never do.
#include "core/api/apiclientoptions.h"
#include "core/api/apierror.h"
#include "core/models/session.h"

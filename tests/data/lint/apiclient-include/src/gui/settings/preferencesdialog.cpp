// SPDX-License-Identifier: Apache-2.0
// Must be found: a dialog of settings/.
#include "core/api/apiclient.h"

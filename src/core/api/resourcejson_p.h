// SPDX-License-Identifier: Apache-2.0

// What the readers of resourcejson*.cpp share.

#pragma once

#include "core/api/jsonreader.h"

namespace sfdesk {

// The fields every workspace-scoped object shares.
template <typename T> void readScope(JsonReader& reader, T& target)
{
    target.id = reader.string(QStringLiteral("id"));
    target.resourcePath = reader.optString(QStringLiteral("resource_path"));
    target.owner = reader.optString(QStringLiteral("owner"));
    target.workspace = reader.optString(QStringLiteral("workspace"));
    target.workspaceId = reader.optString(QStringLiteral("workspace_id"));
    target.name = reader.optString(QStringLiteral("name"));
}

} // namespace sfdesk

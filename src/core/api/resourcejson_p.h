// SPDX-License-Identifier: Apache-2.0

// What the readers of resourcejson*.cpp share.

#pragma once

#include "core/api/jsonreader.h"
#include "core/model/resources.h"

namespace sfdesk {

// The fields every workspace-scoped object shares.
inline void readScope(JsonReader& reader, ScopedResource& target)
{
    target.id = reader.string(QStringLiteral("id"));
    target.resourcePath = reader.optString(QStringLiteral("resource_path"));
    target.owner = reader.optString(QStringLiteral("owner"));
    target.workspace = reader.optString(QStringLiteral("workspace"));
    target.workspaceId = reader.optString(QStringLiteral("workspace_id"));
    target.name = reader.optString(QStringLiteral("name"));
}

} // namespace sfdesk

// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"
#include "sim/api/simhttp.h"
#include "sim/world/simclock.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QVariant>

#include <optional>

namespace sfsim::routeutil {

using simtime::Day;
using simtime::MaxTime;

// Whether `value` is a cursor of the list whose cursors start with `prefix`.
bool isCursor(const QString& prefix, const QString& value);
// cloud_init_user_data of a body: base64 that decodes to at most 64 KiB, as it came; problems go
// to the body's details. Nothing when absent or null.
std::optional<QString> userData(BodyReader& body);
// A tags body value as its stored column: compact JSON, or null when absent.
QVariant tagsColumn(const std::optional<QJsonObject>& tags);

} // namespace sfsim::routeutil

#pragma once

#include "core/model/resources.h"

#include <QString>

// How the views write the values they share.
namespace Format {

// A Unix time in the user's locale, short form; empty for 0.
QString time(qint64 unixSeconds);
// "12 s ago", "3 min ago".
QString ago(qint64 seconds);
QString instanceStatus(const Instance& instance);
// Partition of an instance, or a dash when it has none.
QString partitionOf(const Instance& instance);

} // namespace Format

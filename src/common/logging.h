// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QLoggingCategory>
#include <QString>
#include <QStringList>

namespace sfdesk {

// One category per subsystem. Warnings print by default; debug and info messages print when a
// category is turned on with --log (or Qt's own QT_LOGGING_RULES).
Q_DECLARE_LOGGING_CATEGORY(lcApi)       // sfdesk.api: requests, replies, retries (never a token)
Q_DECLARE_LOGGING_CATEGORY(lcSim)       // sfdesk.sim: the simulator's store, market and server
Q_DECLARE_LOGGING_CATEGORY(lcMarket)    // sfdesk.market: the planner's reads of the order book
Q_DECLARE_LOGGING_CATEGORY(lcCloudInit) // sfdesk.cloudinit: validation and rendering
Q_DECLARE_LOGGING_CATEGORY(lcUi)        // sfdesk.ui: sections, pages, notifications

namespace Logging {

// The short names --log takes: api, sim, market, cloudinit, ui.
QStringList subsystems();

// Turns on debug and info messages of the subsystems in `spec`, a comma-separated list of short
// names or "all". False (and `error` set, nothing changed) for a name that is none of them.
bool enable(const QString& spec, QString* error);

} // namespace Logging

} // namespace sfdesk

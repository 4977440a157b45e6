// SPDX-License-Identifier: Apache-2.0

#pragma once

// Qt's one-time costs of a process, paid before the event-loop watchdog measures the app: the first
// QSslConfiguration parses the system CA bundle, the first text on screen loads fonts and the
// shaper. Both block the GUI thread for 50-150 ms on a loaded machine, once per process, at start-up
// (the cold start figure of the performance report), not while someone uses the app.

#include "support/eventloopwatchdog.h"

#include <QLabel>
#include <QSslConfiguration>

namespace sfdesk {

inline void warmUpQt()
{
    const EventLoopWatchdog::Pause pause;
    [[maybe_unused]] const QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    QLabel label;
    label.setTextFormat(Qt::RichText);
    label.setWordWrap(true);
    label.setText(QStringLiteral("<h3>Warm-up</h3><p>Fonts, <b>shaping</b> and <code>layout</code>.</p>"));
    label.show();
    [[maybe_unused]] const QPixmap pixmap = label.grab();
}

} // namespace sfdesk

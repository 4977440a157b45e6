// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "support/eventloopwatchdog.h"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QString>
#include <QWidget>

namespace sfdesk {

// Saves a picture of a widget in build/<preset>/screenshots, for a person to look at. Pending layout
// requests run first, so the picture shows what the user would see once the event loop has turned.
inline void saveWidgetScreenshot(QWidget* widget, const QString& name)
{
    // Encoding a PNG is the test's work, not the app's: the event-loop watchdog does not count it.
    const EventLoopWatchdog::Pause pause;
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    const QString dir = QCoreApplication::applicationDirPath() + QStringLiteral("/../screenshots");
    QDir().mkpath(dir);
    widget->grab().save(dir + u'/' + name + QStringLiteral(".png"));
}

} // namespace sfdesk

// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/notify/notice.h"

#include <QObject>

namespace sfdesk {

// Sends notices to the desktop. The activity panel lists every notice whether or not a notifier
// reaches the desktop, so that a desktop without a notification service loses nothing.
class Notifier : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Notifier)

public:
    using QObject::QObject;
    ~Notifier() override = default;

    // Whether notices reach the desktop at all (false: the activity panel only).
    virtual bool isAvailable() const = 0;
    virtual void show(const Notice& notice) = 0;

Q_SIGNALS:
    // The user clicked the notification: the notice's object is to be opened.
    void activated(const sfdesk::Notice& notice);
};

} // namespace sfdesk

// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/notify/notifier.h"

#include <QList>

namespace sfdesk {

// A desktop that shows every notice and lets the test click one, as a notification service would.
class FakeNotifier final : public Notifier
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FakeNotifier)

public:
    using Notifier::Notifier;

    bool isAvailable() const override { return true; }
    void show(const Notice& notice) override { shown.append(notice); }
    // The user clicks the notification.
    void click(const Notice& notice) { Q_EMIT activated(notice); }

    QList<Notice> ofKind(Notice::Kind kind) const
    {
        QList<Notice> found;
        for (const Notice& notice : shown)
            if (notice.kind == kind)
                found.append(notice);
        return found;
    }

    QList<Notice> shown;
};

} // namespace sfdesk

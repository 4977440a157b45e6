// SPDX-License-Identifier: Apache-2.0

#include "gui/common/windowfit.h"

#include <QDialog>
#include <QEvent>
#include <QLayout>

namespace sfdesk::WindowFit {

void growToText(QWidget* window)
{
    QLayout* layout = window ? window->layout() : nullptr;
    if (!layout || !layout->hasHeightForWidth())
        return;
    layout->activate();
    const int needed = layout->totalHeightForWidth(window->width());
    if (window->height() < needed)
        window->resize(window->width(), needed);
}

bool DialogsGrowToText::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Show && watched->isWidgetType()) {
        auto* dialog = qobject_cast<QDialog*>(watched);
        if (dialog && dialog->isWindow())
            growToText(dialog);
    }
    return QObject::eventFilter(watched, event);
}

} // namespace sfdesk::WindowFit

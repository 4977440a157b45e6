// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QObject>

class QWidget;

namespace sfdesk {

// A window tall enough for its wrapped texts. Qt sizes a window from its size hint, which does not
// always follow a wrapped label's height at the width the window gets: the label's lines are then
// clipped above and below.
namespace WindowFit {

// Grows `window` (never shrinks it) to the height its layout needs at its width.
void growToText(QWidget* window);

// Does growToText() for every dialog as it is shown; installed once on the application.
class DialogsGrowToText final : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace WindowFit

} // namespace sfdesk

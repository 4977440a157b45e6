// SPDX-License-Identifier: Apache-2.0

#include "gui/common/updatedlabel.h"

#include "core/util/plaintext.h"

#include <QTimer>

namespace sfdesk {

UpdatedLabel::UpdatedLabel(QWidget* parent)
    : QLabel(parent)
    , m_tick(new QTimer(this))
{
    setTextFormat(Qt::PlainText);
    setForegroundRole(QPalette::PlaceholderText);
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &UpdatedLabel::refreshText);
}

UpdatedLabel::~UpdatedLabel() = default;

void UpdatedLabel::markUpdated()
{
    m_failure.clear();
    m_since.start();
    m_tick->start();
    refreshText();
}

void UpdatedLabel::reset()
{
    m_since.invalidate();
    m_failure.clear();
    m_tick->stop();
    refreshText();
}

void UpdatedLabel::markFailed(const QString& reason)
{
    m_failure = reason;
    refreshText();
}

QString UpdatedLabel::agoText(qint64 seconds)
{
    if (seconds < 60)
        return tr("updated %n s ago", nullptr, static_cast<int>(seconds));
    return tr("updated %n min ago", nullptr, static_cast<int>(seconds / 60));
}

void UpdatedLabel::refreshText()
{
    QString text = m_since.isValid() ? agoText(m_since.elapsed() / 1000) : QString();
    if (!m_failure.isEmpty())
        text = text.isEmpty() ? tr("refresh failed") : tr("%1; refresh failed").arg(text);
    setText(text);
    setToolTip(PlainText::toolTip(m_failure));
}

} // namespace sfdesk

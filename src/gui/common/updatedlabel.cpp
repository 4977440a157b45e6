#include "gui/common/updatedlabel.h"

#include "gui/common/format.h"

#include <QTimer>

UpdatedLabel::UpdatedLabel(QWidget* parent)
    : QLabel(parent)
    , m_tick(new QTimer(this))
{
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

void UpdatedLabel::markFailed(const QString& reason)
{
    m_failure = reason;
    refreshText();
}

void UpdatedLabel::refreshText()
{
    QString text =
        m_since.isValid() ? tr("updated %1").arg(Format::ago(m_since.elapsed() / 1000)) : QString();
    if (!m_failure.isEmpty())
        text = text.isEmpty() ? tr("refresh failed") : tr("%1; refresh failed").arg(text);
    setText(text);
    setToolTip(m_failure);
}

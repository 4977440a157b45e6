// SPDX-License-Identifier: Apache-2.0

#include "gui/common/messagebar.h"

#include <QAbstractButton>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QStyle>

namespace sfdesk {

namespace {

QColor mix(const QColor& a, const QColor& b, qreal amountOfB)
{
    return QColor::fromRgbF(float(a.redF() * (1 - amountOfB) + b.redF() * amountOfB),
                            float(a.greenF() * (1 - amountOfB) + b.greenF() * amountOfB),
                            float(a.blueF() * (1 - amountOfB) + b.blueF() * amountOfB));
}

} // namespace

MessageBar::MessageBar(QWidget* parent)
    : QWidget(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_layout(new QHBoxLayout(this))
{
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_text->setOpenExternalLinks(true);
    m_text->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_layout->setContentsMargins(10, 6, 8, 6);
    m_layout->setSpacing(8);
    m_layout->addWidget(m_icon, 0, Qt::AlignVCenter);
    m_layout->addWidget(m_text, 1, Qt::AlignVCenter);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    updateIcon();
}

MessageBar::~MessageBar() = default;

void MessageBar::setKind(Kind kind)
{
    m_kind = kind;
    updateIcon();
    update();
}

void MessageBar::setText(const QString& text)
{
    m_text->setText(text);
}

QString MessageBar::text() const
{
    return m_text->text();
}

void MessageBar::addButton(QAbstractButton* button)
{
    button->setParent(this);
    m_layout->addWidget(button, 0, Qt::AlignVCenter);
}

QColor MessageBar::accent(Kind kind, const QPalette& palette)
{
    switch (kind) {
    case Kind::Warning:
        return QColor(0xe0, 0x8a, 0x1e);
    case Kind::Error:
        return QColor(0xd9, 0x3f, 0x3f);
    case Kind::Information:
        break;
    }
    return palette.color(QPalette::Highlight);
}

void MessageBar::updateIcon()
{
    const QStyle::StandardPixmap which = m_kind == Kind::Error     ? QStyle::SP_MessageBoxCritical
                                         : m_kind == Kind::Warning ? QStyle::SP_MessageBoxWarning
                                                                   : QStyle::SP_MessageBoxInformation;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(
        style()->standardIcon(which, nullptr, this).pixmap(QSize(size, size), devicePixelRatioF()));
}

void MessageBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::StyleChange || event->type() == QEvent::PaletteChange)
        updateIcon();
    QWidget::changeEvent(event);
}

void MessageBar::paintEvent(QPaintEvent* event)
{
    Q_UNUSED(event);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QColor tint = accent(m_kind, palette());
    const QColor window = palette().color(QPalette::Window);
    painter.setPen(QPen(mix(window, tint, 0.7), 1));
    painter.setBrush(mix(window, tint, 0.16));
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
}

} // namespace sfdesk

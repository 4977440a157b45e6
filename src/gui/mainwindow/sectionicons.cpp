// SPDX-License-Identifier: Apache-2.0

#include "gui/mainwindow/sectionicons.h"

#include <QHash>
#include <QIconEngine>
#include <QPainter>
#include <QPixmap>

#include <array>

namespace sfdesk {

namespace {

struct SectionIcon
{
    QLatin1StringView id;
    QLatin1StringView themeName;
};

constexpr std::array<SectionIcon, 10> icons{{
    {QLatin1StringView("availability"), QLatin1StringView("view-statistics")},
    {QLatin1StringView("pools"), QLatin1StringView("folder")},
    {QLatin1StringView("instances"), QLatin1StringView("computer")},
    {QLatin1StringView("partitions"), QLatin1StringView("network-wired")},
    {QLatin1StringView("deployments"), QLatin1StringView("view-process-tree")},
    {QLatin1StringView("reservations"), QLatin1StringView("view-calendar")},
    {QLatin1StringView("orders"), QLatin1StringView("view-list-details")},
    {QLatin1StringView("images"), QLatin1StringView("media-optical")},
    {QLatin1StringView("cloudinit"), QLatin1StringView("text-x-script")},
    {QLatin1StringView("money"), QLatin1StringView("office-chart-line")},
}};

// The bundled drawing, and for the Selected mode a white silhouette of it: on the highlight colour
// the coloured drawing would vanish, a white one reads in light and dark. Drawn per size when first
// asked for, so the window does not wait for icons nobody has shown yet.
class SilhouetteIconEngine final : public QIconEngine
{
public:
    explicit SilhouetteIconEngine(const QString& file)
        : m_file(file)
        , m_drawing(file)
    {}

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        return scaledPixmap(size, mode, state, 1.0);
    }

    QPixmap scaledPixmap(const QSize& size, QIcon::Mode mode, QIcon::State state, qreal scale) override
    {
        const QSize pixels = size * scale;
        if (mode != QIcon::Selected) {
            QPixmap pixmap = m_drawing.pixmap(pixels, mode, state);
            pixmap.setDevicePixelRatio(scale);
            return pixmap;
        }
        const quint64 key = (quint64(quint32(pixels.width())) << 32) | quint32(pixels.height());
        QPixmap pixmap = m_silhouettes.value(key);
        if (pixmap.isNull()) {
            pixmap = m_drawing.pixmap(pixels);
            QPainter painter(&pixmap);
            painter.setCompositionMode(QPainter::CompositionMode_SourceIn);
            painter.fillRect(pixmap.rect(), Qt::white);
            painter.end();
            m_silhouettes.insert(key, pixmap);
        }
        pixmap.setDevicePixelRatio(scale);
        return pixmap;
    }

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override
    {
        const qreal scale = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
        painter->drawPixmap(rect, scaledPixmap(rect.size(), mode, state, scale));
    }

    QIconEngine* clone() const override { return new SilhouetteIconEngine(m_file); }
    QString key() const override { return QStringLiteral("SilhouetteIconEngine"); }

private:
    QString m_file;
    QIcon m_drawing;
    QHash<quint64, QPixmap> m_silhouettes;
};

const SectionIcon* find(const QString& id)
{
    for (const SectionIcon& icon : icons)
        if (icon.id == id)
            return &icon;
    return nullptr;
}

} // namespace

QStringList SectionIcons::sectionIds()
{
    QStringList ids;
    for (const SectionIcon& icon : icons)
        ids << QString(icon.id);
    return ids;
}

QIcon SectionIcons::fallback(const QString& sectionId)
{
    if (!find(sectionId))
        return {};
    return QIcon(new SilhouetteIconEngine(QStringLiteral(":/icons/sections/%1.svg").arg(sectionId)));
}

QIcon SectionIcons::icon(const QString& sectionId)
{
    const SectionIcon* entry = find(sectionId);
    if (!entry)
        return {};
    return QIcon::fromTheme(QString(entry->themeName), fallback(sectionId));
}

} // namespace sfdesk

#include "gui/mainwindow/sectionicons.h"

#include <QPainter>
#include <QPixmap>

#include <array>

namespace {

struct SectionIcon
{
    QLatin1StringView id;
    QLatin1StringView themeName;
};

constexpr std::array<SectionIcon, 8> icons{{
    {QLatin1StringView("availability"), QLatin1StringView("view-statistics")},
    {QLatin1StringView("pools"), QLatin1StringView("folder")},
    {QLatin1StringView("instances"), QLatin1StringView("computer")},
    {QLatin1StringView("partitions"), QLatin1StringView("network-wired")},
    {QLatin1StringView("reservations"), QLatin1StringView("view-calendar")},
    {QLatin1StringView("orders"), QLatin1StringView("view-list-details")},
    {QLatin1StringView("images"), QLatin1StringView("media-optical")},
    {QLatin1StringView("cloudinit"), QLatin1StringView("text-x-script")},
}};

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
    const QString file = QStringLiteral(":/icons/sections/%1.svg").arg(sectionId);
    QIcon icon(file);
    // Selected, the icon sits on the highlight colour, where the coloured drawing would vanish:
    // a white silhouette reads there in light and dark.
    for (const int size : {16, 20, 22, 24, 32, 48}) {
        QPixmap pixmap = QIcon(file).pixmap(QSize(size, size));
        QPainter painter(&pixmap);
        painter.setCompositionMode(QPainter::CompositionMode_SourceIn);
        painter.fillRect(pixmap.rect(), Qt::white);
        painter.end();
        icon.addPixmap(pixmap, QIcon::Selected);
    }
    return icon;
}

QIcon SectionIcons::icon(const QString& sectionId)
{
    const SectionIcon* entry = find(sectionId);
    if (!entry)
        return {};
    return QIcon::fromTheme(QString(entry->themeName), fallback(sectionId));
}

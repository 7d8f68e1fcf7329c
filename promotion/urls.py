from django.urls import path

from promotion import card_views, invitation_views, picture_views, print_views, views, webhook_views
from promotion.generate_views import card_generate_view

W = "f/<slug:federation>/wrestlers/<slug:slug>/"

T = "f/<slug:federation>/titles/<slug:slug>/"
TM = "f/<slug:federation>/teams/<slug:slug>/"

urlpatterns = [
    path("", views.home, name="home"),
    path(
        "invitations/<int:pk>/accept/",
        invitation_views.invitation_accept_view,
        name="invitation-accept",
    ),
    path(
        "invitations/<int:pk>/decline/",
        invitation_views.invitation_decline_view,
        name="invitation-decline",
    ),
    path("federations/new/", views.federation_create, name="federation-create"),
    path("f/<slug:slug>/", views.federation_detail, name="federation-detail"),
    path("f/<slug:slug>/settings/", views.federation_settings, name="federation-settings"),
    path(
        "f/<slug:slug>/settings/calendar-token/",
        views.calendar_token_issue_view,
        name="calendar-token-issue",
    ),
    path(
        "f/<slug:slug>/settings/calendar-token/revoke/",
        views.calendar_token_revoke_view,
        name="calendar-token-revoke",
    ),
    path("f/<slug:slug>/settings/webhooks/new/", webhook_views.webhook_add, name="webhook-add"),
    path(
        "f/<slug:slug>/settings/webhooks/<int:pk>/remove/",
        webhook_views.webhook_remove,
        name="webhook-remove",
    ),
    path(
        "f/<slug:slug>/settings/webhooks/<int:pk>/test/",
        webhook_views.webhook_test,
        name="webhook-test",
    ),
    path("f/<slug:slug>/members/", views.members, name="members"),
    path("f/<slug:slug>/members/<int:pk>/remove/", views.member_remove, name="member-remove"),
    path(
        "f/<slug:slug>/members/links/new/",
        invitation_views.invitation_link_create_view,
        name="invitation-link-create",
    ),
    path(
        "f/<slug:slug>/members/links/<int:pk>/revoke/",
        invitation_views.invitation_link_revoke_view,
        name="invitation-link-revoke",
    ),
    path("join/<slug:token>/", invitation_views.join_view, name="join"),
    path("f/<slug:slug>/roster/", views.roster, name="roster"),
    path("f/<slug:slug>/roster/print/", print_views.roster_print, name="roster-print"),
    path("f/<slug:slug>/roster/print.pdf", print_views.roster_print_pdf, name="roster-print-pdf"),
    path("f/<slug:slug>/wrestlers/new/", views.wrestler_create, name="wrestler-create"),
    path(W, views.wrestler_detail, name="wrestler-detail"),
    path(W + "edit/", views.wrestler_edit, name="wrestler-edit"),
    path(W + "generate-card/", card_generate_view, name="card-generate"),
    path(W + "photo/", picture_views.wrestler_photo, name="wrestler-photo"),
    path(W + "print/", print_views.wrestler_print, name="wrestler-print"),
    path(W + "print.pdf", print_views.wrestler_print_pdf, name="wrestler-print-pdf"),
    path(W + "cards/<slug:system>/", views.card_edit, name="card-edit"),
    path(W + "cards/<slug:system>/check/", views.card_check, name="card-check"),
    path(W + "cards/<slug:system>/odds/", views.card_odds, name="card-odds"),
    path(W + "cards/<slug:system>/builder/", card_views.card_builder, name="card-builder"),
    path(
        W + "cards/<slug:system>/builder/check/",
        card_views.card_builder_check,
        name="card-builder-check",
    ),
    path(
        W + "cards/<slug:system>/builder/odds/",
        card_views.card_builder_odds,
        name="card-builder-odds",
    ),
    path("f/<slug:slug>/cards/import/", card_views.card_import, name="card-import"),
    path("f/<slug:slug>/titles/", views.title_list, name="title-list"),
    path("f/<slug:slug>/titles/new/", views.title_create, name="title-create"),
    path("f/<slug:federation>/titles/<slug:slug>/", views.title_detail, name="title-detail"),
    path(T + "vacate/", views.title_vacate, name="title-vacate"),
    path(T + "award/", views.title_award, name="title-award"),
    path(T + "retire/", views.title_retire, name="title-retire"),
    path(T + "belt/", picture_views.title_belt, name="title-belt"),
    path("f/<slug:slug>/feuds/", views.feud_list, name="feud-list"),
    path("f/<slug:slug>/feuds/new/", views.feud_create, name="feud-create"),
    path("f/<slug:slug>/feuds/<int:pk>/end/", views.feud_end, name="feud-end"),
    path("f/<slug:slug>/injuries/", views.injury_list, name="injury-list"),
    path("f/<slug:slug>/injuries/new/", views.injury_create, name="injury-create"),
    path("f/<slug:slug>/injuries/<int:pk>/heal/", views.injury_heal, name="injury-heal"),
    path("f/<slug:slug>/records/", views.records, name="records"),
    path("f/<slug:slug>/standings/", views.standings, name="standings"),
    path("f/<slug:slug>/teams/", views.team_list, name="team-list"),
    path("f/<slug:slug>/teams/new/", views.team_create, name="team-create"),
    path("f/<slug:federation>/teams/<slug:slug>/", views.team_detail, name="team-detail"),
    path(TM + "join/", views.team_join, name="team-join"),
    path(TM + "leave/", views.team_leave, name="team-leave"),
    path(TM + "disband/", views.team_disband, name="team-disband"),
]

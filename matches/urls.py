from django.urls import path

from matches import views

urlpatterns = [
    path("f/<slug:federation>/shows/<int:number>/", views.show_detail, name="show-detail"),
]
